import { runService } from '@app/kit';
import { spec } from './service.js';

runService(spec);
