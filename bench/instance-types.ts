/** What the two-instance scenario and its second instance's process (bench/instance-worker.ts) send each other. */
export type InstanceCommand = { kind: 'start'; env: Record<string, string> } | { kind: 'cpu' } | { kind: 'close' };

export type InstanceReply = { kind: 'started'; url: string } | { kind: 'cpu'; ms: number } | { kind: 'failed'; error: string };
