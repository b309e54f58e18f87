/**
 * A TCP proxy between a browser and the server under test that can lose the network and get it back on the same
 * address (a service worker and the site's storage belong to one origin, port included). Cut, it resets every
 * connection, open or new: what a phone in a dead zone meets, with navigator.onLine still true. For browsers whose
 * drivers have no offline switch (WebKitWebDriver), or whose switch does not stop page loads (Firefox over BiDi).
 */
import net from 'node:net';

export class NetworkSwitch {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  private connected = true;
  port = 0;

  constructor(private readonly targetPort: number) {}

  async start(): Promise<string> {
    this.server = net.createServer((client) => {
      if (!this.connected) {
        client.resetAndDestroy();
        return;
      }
      const upstream = net.connect(this.targetPort, '127.0.0.1');
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('error', () => undefined);
        socket.once('close', () => this.sockets.delete(socket));
      }
      client.pipe(upstream).pipe(client);
      client.once('close', () => upstream.destroy());
      upstream.once('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
    return `http://127.0.0.1:${this.port}`;
  }

  cut(): void {
    this.connected = false;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  restore(): void {
    this.connected = true;
  }

  async stop(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
