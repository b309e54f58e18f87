/**
 * The slow phone of DESIGN §7 "Forms", one definition for the tests that prove nothing typed early is lost
 * (tests/e2e/early-input.e2e.ts) and the benchmark that measures how it feels (bench/web/bench-forms.ts): 6x CPU
 * (CDP Emulation.setCPUThrottlingRate) and a slow 4G link (Network.emulateNetworkConditions: about 1.6 Mbit/s
 * down, 750 kbit/s up, 150 ms round trips).
 */
export const SLOW_PHONE_CPU_SLOWDOWN = 6;

export const SLOW_PHONE_NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
