import { runService } from '@app/kit';
import { service } from './service.js';

runService(service);
