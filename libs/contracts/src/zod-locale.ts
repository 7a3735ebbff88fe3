import { z } from 'zod';
import ptBR from 'zod/v4/locales/pt-BR.js';

/**
 * Zod's own messages in pt-BR, for the rules that carry no message of ours (a wrong type, an unknown option, a
 * string past its maximum): every validation message that reaches a user is Portuguese. Global to the process's zod,
 * set once by importing @app/contracts, which every service, the gateway and the web app do.
 */
z.config(ptBR());
