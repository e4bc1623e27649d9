/**
 * @module The event bus as the domain sees it: what a change announces and on which topic, after
 * its transaction commits. The domain publishes through this interface only; src/realtime/
 * implements it (in process, or over Redis across instances) and delivers what it hears to live
 * clients. Topics: `list:{id}` carries a list's change events, `user:{id}` what concerns one user
 * (a share granted or revoked, a session ended), `broadcast` what every connected client gets
 * (version_update).
 */
export interface BusMessage {
  type: string;
  [field: string]: unknown;
}

export type BusListener = (message: BusMessage, topic: string) => void;

export interface EventBus {
  /**
   * Hands the message to the bus and resolves at once: a write never waits for the network.
   * Messages leave in the order they were published, access revocations among events.
   */
  publish(topic: string, message: BusMessage): Promise<void>;
  subscribe(topic: string, listener: BusListener): () => void;
  /** Resolves once `topic`'s messages reach this instance (Redis confirms a SUBSCRIBE later). */
  ready?(topic: string): Promise<void>;
  /**
   * Calls `listener` when messages may have been lost on the way to this instance (Redis pub/sub
   * keeps nothing while a connection is down), once every topic is heard again. The in-process
   * bus never loses one.
   */
  onGap?(listener: () => void): () => void;
  close(): Promise<void>;
}

export const listTopic = (listId: number) => `list:${listId}`;
export const userTopic = (userId: number) => `user:${userId}`;
export const BROADCAST_TOPIC = "broadcast";
