import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { SLOWEST_PACE_MS, paceMs, textFrame } from './hub.ts';

describe('the frames the hub writes itself', () => {
  let server: WebSocketServer;
  beforeAll(() => new Promise<void>((resolve) => (server = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false }, resolve))));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('reach a standard WebSocket client as the exact texts, short, medium and long (all three header sizes)', async () => {
    const raw = new Promise<Duplex>((resolve) => server.once('connection', (_socket, request) => resolve(request.socket)));
    const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`, { perMessageDeflate: false });
    const texts = ['{"type":"ready"}', 'é'.repeat(300), JSON.stringify({ data: 'x'.repeat(70_000) })];
    const received: string[] = [];
    const all = new Promise<void>((resolve, reject) => {
      client.on('message', (data, isBinary) => {
        expect(isBinary).toBe(false);
        received.push(String(data));
        if (received.length === texts.length) resolve();
      });
      client.on('close', (code) => reject(new Error(`closed with ${code}`)));
    });
    await new Promise((resolve) => client.once('open', resolve));
    const socket = await raw;
    for (const text of texts) socket.write(textFrame(text));
    await all;
    expect(received).toEqual(texts);
    client.close();
  });
});

describe('the pace of a feed', () => {
  it('keeps the feed’s own interval while sending to everyone is a small share of it', () => {
    expect(paceMs(0, 0.012, 500)).toBe(500);
    expect(paceMs(2_000, 0.012, 500)).toBe(500);
  });

  it('stretches the interval so sending stays near 15 % of the time, up to SLOWEST_PACE_MS', () => {
    // 8,000 screens at 12 µs each: 96 ms a message, so one every 640 ms.
    expect(paceMs(8_000, 0.012, 500)).toBeCloseTo(640);
    expect(paceMs(20_000, 0.012, 500)).toBe(SLOWEST_PACE_MS);
    // A feed slower than that by itself keeps its own interval.
    expect(paceMs(20_000, 0.012, 2_000)).toBe(2_000);
  });
});
