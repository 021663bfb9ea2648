import { runFromProcess } from './cli/main';

runFromProcess();
