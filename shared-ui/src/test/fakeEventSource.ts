/**
 * A stand-in for EventSource in tests of screens that follow the live stream (useKlusEvents):
 * tests push "klus" events through FakeEventSource.last.emit(...). Only tests import this file;
 * both front ends import it as @klusmaat/shared-ui/test/fakeEventSource.
 */
import { vi } from 'vitest';

/** A stand-in for EventSource: tests push "klus" events through FakeEventSource.last.emit(...). */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  static get last(): FakeEventSource {
    const source = FakeEventSource.instances.at(-1);
    if (source === undefined) throw new Error('no EventSource was opened');
    return source;
  }
  readonly url: string;
  closed = false;
  private listeners = new Map<string, Set<(e: Event) => void>>();
  constructor(url: string) {
    this.url = url;
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (e: Event) => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)?.add(listener);
  }
  removeEventListener(type: string, listener: (e: Event) => void) {
    this.listeners.get(type)?.delete(listener);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data?: unknown) {
    const event = new MessageEvent(type, data === undefined ? {} : { data: JSON.stringify(data) });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

export function installFakeEventSource() {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
}
