/** Toasts for writes the repository queued on the device because the server could not be reached (DESIGN §5). */
export const savedOnDevice = (noun: string): string => `${noun} saved on this device; will sync when online`;
export const deletedOnDevice = (noun: string): string => `${noun} deleted on this device; will sync when online`;
