import type { Socket, TCPSocketListener } from "bun";

/**
 * A TCP proxy on 127.0.0.1 in front of a real service (PostgreSQL, Redis), so a test can cut the
 * service off as a network fault would: `cut()` drops every open connection and refuses new ones
 * until `restore()`. The service itself keeps running, as it does when only the network fails.
 */
export interface TcpProxy {
  port: number;
  /** `host:port` of the proxy, to put into a connection URL in place of the service's. */
  address: string;
  cut(): void;
  restore(): void;
  close(): void;
}

interface Pair {
  upstream?: Socket<Pair>;
  pending: Uint8Array[];
  client: Socket<Pair>;
  /** Bytes a socket did not take yet (Bun's write takes what fits and says how much). */
  backlog: Map<Socket<Pair>, Uint8Array[]>;
}

function send(pair: Pair, to: Socket<Pair>, chunk: Uint8Array) {
  const queued = pair.backlog.get(to);
  if (queued) {
    queued.push(new Uint8Array(chunk));
    return;
  }
  const written = to.write(chunk);
  if (written < chunk.byteLength) pair.backlog.set(to, [new Uint8Array(chunk.subarray(Math.max(written, 0)))]);
}

function drain(pair: Pair, socket: Socket<Pair>) {
  const queued = pair.backlog.get(socket);
  while (queued && queued.length > 0) {
    const chunk = queued[0]!;
    const written = socket.write(chunk);
    if (written < chunk.byteLength) {
      queued[0] = chunk.subarray(Math.max(written, 0));
      return;
    }
    queued.shift();
  }
  pair.backlog.delete(socket);
}

export function startTcpProxy(targetHost: string, targetPort: number): TcpProxy {
  let open = true;
  const pairs = new Set<Pair>();
  const end = (pair: Pair) => {
    pairs.delete(pair);
    pair.client.end();
    pair.upstream?.end();
  };
  const listener: TCPSocketListener<Pair> = Bun.listen<Pair>({
    hostname: "127.0.0.1",
    port: 0,
    socket: {
      open(client) {
        if (!open) {
          client.end();
          return;
        }
        const pair: Pair = { pending: [], client, backlog: new Map() };
        client.data = pair;
        pairs.add(pair);
        void Bun.connect<Pair>({
          hostname: targetHost,
          port: targetPort,
          socket: {
            open(upstream) {
              upstream.data = pair;
              pair.upstream = upstream;
              for (const chunk of pair.pending.splice(0)) send(pair, upstream, chunk);
            },
            data(_upstream, chunk) {
              send(pair, pair.client, chunk);
            },
            drain: (upstream) => drain(pair, upstream),
            close: () => end(pair),
            error: () => end(pair),
          },
        }).catch(() => end(pair));
      },
      data(client, chunk) {
        const pair = client.data;
        if (pair.upstream) send(pair, pair.upstream, chunk);
        else pair.pending.push(new Uint8Array(chunk));
      },
      drain: (client) => client.data && drain(client.data, client),
      close: (client) => client.data && end(client.data),
      error: (client) => client.data && end(client.data),
    },
  });
  return {
    port: listener.port,
    address: `127.0.0.1:${listener.port}`,
    cut() {
      open = false;
      for (const pair of [...pairs]) end(pair);
    },
    restore() {
      open = true;
    },
    close() {
      open = false;
      for (const pair of [...pairs]) end(pair);
      listener.stop(true);
    },
  };
}
