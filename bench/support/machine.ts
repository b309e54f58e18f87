/**
 * The machine a bench ran on, as recorded in its results: Node, OS, CPUs and the load average around the run.
 */
import os from 'node:os';

export interface MachineEnvironment {
  node: string;
  platform: string;
  cpus: number;
  cpuModel: string;
  loadAverageAtStart: number[];
  loadAverageAtEnd: number[];
}

/** This machine now; `loadAverageAtStart` is os.loadavg() as read when the run started. */
export function machineEnvironment(loadAverageAtStart: number[]): MachineEnvironment {
  return {
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    loadAverageAtStart,
    loadAverageAtEnd: os.loadavg(),
  };
}
