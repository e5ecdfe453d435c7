/**
 * The offline queue of the work order (D23). Every change is first written to the phone (the
 * store), then sent in order whenever there is a connection: right away, when the browser says it
 * is online again, and when the app opens. Each change carries its own id (client_id), so the
 * server applies it once even if the answer got lost and it is sent again. Only a change that got
 * no answer for want of a network waits: no connection at all, or a gateway that could not reach
 * the server (502, 503, 504), or the server asking to come back later (429). Every other answer is
 * the server's word on it: a refusal (4xx: the work order was closed meanwhile, a time it cannot
 * accept) or an error of its own (500), taken off the queue and reported with the server's message,
 * never retried as if the phone were offline.
 */
import type { Result } from '../api';
import type { OutboxStore, Op } from './outboxStore';
import { werkbonApi, type Afronding, type Foto, type Werkbon } from './werkbonApi';

type Api = Pick<typeof werkbonApi, 'start' | 'addMateriaal' | 'removeMateriaal' | 'notities' | 'foto' | 'afronden'>;

/** A change as the page makes it; the outbox adds the order, the time and whether it was offline. */
export type NewOp = Op extends infer O ? (O extends Op ? Omit<O, 'seq' | 'at' | 'offline'> : never) : never;

export interface FlushResult {
  /** Changes the server took in this flush. */
  sent: number;
  /** Changes still waiting. */
  waiting: number;
  /** Stopped because there was no connection (or the server was away). */
  stalled: boolean;
  /** The changes the server refused for good: their id, kind, status and the server's message. */
  refused: { id: string; kind: Op['kind']; status: number; message?: string }[];
}

/** The answers that mean no network between the phone and the server: the change waits. */
const WAITS: ReadonlySet<number> = new Set([429, 502, 503, 504]);

export interface OutboxDeps {
  store: OutboxStore;
  api?: Api;
  now?: () => Date;
  online?: () => boolean;
}

export class Outbox {
  private readonly store: OutboxStore;
  private readonly api: Api;
  private readonly now: () => Date;
  private readonly online: () => boolean;
  private flushing: Promise<FlushResult> | undefined;

  constructor({ store, api = werkbonApi, now = () => new Date(), online = () => navigator.onLine }: OutboxDeps) {
    this.store = store;
    this.api = api;
    this.now = now;
    this.online = online;
  }

  /** Writes a change to the phone; sending is flush's work. */
  async add(change: NewOp): Promise<Op> {
    const ops = await this.store.ops();
    const seq = ops.reduce((max, o) => Math.max(max, o.seq), 0) + 1;
    const op = { ...change, seq, at: this.now().toISOString(), offline: !this.online() } as Op;
    await this.store.put(op);
    return op;
  }

  /** Takes a change off the queue before it was sent (a material removed while still waiting). */
  async drop(id: string): Promise<void> {
    await this.store.remove(id);
  }

  async pending(klusId?: string): Promise<Op[]> {
    const ops = await this.store.ops();
    return klusId === undefined ? ops : ops.filter((o) => o.klusId === klusId);
  }

  /** Sends the waiting changes in order; one flush at a time. */
  flush(): Promise<FlushResult> {
    this.flushing ??= this.run().finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  private async run(): Promise<FlushResult> {
    const result: FlushResult = { sent: 0, waiting: 0, stalled: false, refused: [] };
    const ops = await this.store.ops();
    for (const [i, op] of ops.entries()) {
      const answer = await this.send(op);
      if (answer.kind === 'ok') {
        await this.store.remove(op.id);
        result.sent++;
        continue;
      }
      if (answer.kind === 'network' || WAITS.has(answer.status)) {
        // No connection: it waits, and a start or completion keeps the phone's time (D23).
        if (answer.kind === 'network' && !op.offline) await this.store.put({ ...op, offline: true });
        result.stalled = true;
        result.waiting = ops.length - i;
        return result;
      }
      await this.store.remove(op.id);
      const refused = { id: op.id, kind: op.kind, status: answer.status };
      result.refused.push(answer.message === undefined ? refused : { ...refused, message: answer.message });
    }
    return result;
  }

  private async send(op: Op): Promise<Result<unknown>> {
    const phoneTime = op.offline ? op.at : undefined;
    let answer: Result<Werkbon | Foto | Afronding>;
    switch (op.kind) {
      case 'start':
        answer = await this.api.start(op.werkbonId, op.id, phoneTime);
        break;
      case 'materiaal':
        answer = await this.api.addMateriaal(op.werkbonId, op.id, op.omschrijving, op.bedragCents);
        break;
      case 'verwijder':
        answer = await this.api.removeMateriaal(op.werkbonId, op.itemId);
        break;
      case 'notities':
        answer = await this.api.notities(op.werkbonId, op.id, op.opmerkingen);
        break;
      case 'foto':
        answer = await this.api.foto(op.werkbonId, op.id, op.type, op.blob);
        break;
      case 'afronden':
        answer = await this.api.afronden(op.werkbonId, {
          client_id: op.id,
          beoordeling: op.beoordeling,
          opmerkingen: op.opmerkingen,
          handtekening: op.handtekening,
          ...(phoneTime === undefined ? {} : { telefoon_tijd: phoneTime }),
        });
        break;
    }
    if (answer.kind === 'ok') await this.keep(op, answer.body);
    return answer;
  }

  /** Keeps what the server answered as the phone's copy of the work order. */
  private async keep(op: Op, body: Werkbon | Foto | Afronding): Promise<void> {
    if ('werkbon' in body) {
      await this.store.saveSnapshot(op.klusId, body.werkbon);
    } else if ('materialen' in body) {
      await this.store.saveSnapshot(op.klusId, body);
    } else {
      const w = await this.store.snapshot(op.klusId);
      if (w !== undefined && !w.fotos.some((f) => f.id === body.id)) {
        await this.store.saveSnapshot(op.klusId, { ...w, fotos: [...w.fotos, body] });
      }
    }
  }
}
