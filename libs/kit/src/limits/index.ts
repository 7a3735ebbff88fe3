export {
  Limits,
  limitStreamConfig,
  TAKE_TIMEOUT_MS,
  type LimitSetting,
  type LimitSettings,
  type Taken,
  type WhenDown,
} from './limits.js';
