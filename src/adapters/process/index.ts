export {
  createProcessAdapter,
  processControl,
  PROCESS_CONTROL,
  type ProcessAdapter,
  type ProcessControl,
} from './process-adapter.js';
export { createUasVerifyCommandAdapter, verdictOfRun } from './uas-verify-command.js';
export { serveAdapter, listMethods } from './serve.js';
export { PROTOCOL } from './protocol.js';
