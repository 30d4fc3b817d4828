/** What the hook needs of a Mongoose connection: its driver client's command-monitoring events. */
interface MonitoredConnection {
  getClient(): { on(event: 'commandStarted' | 'commandSucceeded' | 'commandFailed', listener: (event: CommandEvent) => void): unknown };
}

interface CommandEvent {
  requestId: number;
  commandName: string;
  command?: Record<string, unknown>;
  duration?: number;
}

/** The store's write commands: a crash point follows each one the store acknowledged. */
const WRITES = new Set(['insert', 'update', 'delete', 'findAndModify']);

/**
 * The crash-point harness's hook (docs/architecture.md, "Crash points"). With STORE_CRASH_AFTER_WRITES=k the process
 * kills itself (SIGKILL: no shutdown, nothing after) as soon as the store has acknowledged its k-th write command,
 * before the code that sent it hears the answer. With STORE_WRITE_TRACE=1 it prints each write it counts
 * (`store-write <k> <command> <collection>`), which is how a test learns the points of a run. With
 * STORE_CRASH_AFTER_WRITE_TO=<collection> it kills itself right after its first acknowledged write to that collection;
 * with STORE_FREEZE_AFTER_WRITE_TO=<collection>, or STORE_FREEZE_AFTER_WRITES=k, it stops itself there instead
 * (SIGSTOP, as a paused VM or a long garbage collection), for the test to wake it (SIGCONT) when it likes. With STORE_COMMAND_PROFILE=1 it prints, every
 * 10 s (every n ms with STORE_COMMAND_PROFILE=n, n ≥ 100), the store commands it sent since the last print by command
 * and collection, with their count and time (how a benchmark learns the round trips per event). With none set, the connection is left untouched and nothing is monitored.
 */
export function storeCrashPoints(variables: Readonly<Record<string, string | undefined>>) {
  const crashAt = Number(variables.STORE_CRASH_AFTER_WRITES ?? 0);
  const freezeAt = Number(variables.STORE_FREEZE_AFTER_WRITES ?? 0);
  const trace = variables.STORE_WRITE_TRACE === '1';
  const crashAfter = variables.STORE_CRASH_AFTER_WRITE_TO;
  let freezeAfter = variables.STORE_FREEZE_AFTER_WRITE_TO;
  const profileSetting = Number(variables.STORE_COMMAND_PROFILE ?? 0) || 0;
  const profileEvery = profileSetting === 1 ? 10_000 : profileSetting >= 100 ? profileSetting : 0;
  const profile = profileEvery > 0;
  const enabled = crashAt > 0 || freezeAt > 0 || trace || !!crashAfter || !!freezeAfter || profile;
  return {
    /** What the connection's options need for the hook (command monitoring). */
    options: enabled ? { monitorCommands: true } : {},
    /** A Mongoose connection factory that counts the writes the store acknowledged on the connection's client. */
    connectionFactory<C extends MonitoredConnection>(connection: C): C {
      if (!enabled) return connection;
      const collections = new Map<number, string>();
      let writes = 0;
      const client = connection.getClient();
      if (profile) profileCommands(client, profileEvery);
      client.on('commandStarted', (event) => {
        if (WRITES.has(event.commandName)) collections.set(event.requestId, String(event.command?.[event.commandName]));
      });
      client.on('commandFailed', (event) => collections.delete(event.requestId));
      client.on('commandSucceeded', (event) => {
        if (!WRITES.has(event.commandName)) return;
        const collection = collections.get(event.requestId);
        collections.delete(event.requestId);
        writes += 1;
        if (trace) process.stdout.write(`store-write ${writes} ${event.commandName} ${collection}\n`);
        if (writes === crashAt || collection === crashAfter) process.kill(process.pid, 'SIGKILL');
        if (writes === freezeAt || collection === freezeAfter) {
          freezeAfter = undefined;
          process.kill(process.pid, 'SIGSTOP');
        }
      });
      return connection;
    },
  };
}

/** The documents a write command carries (an insert's documents, an update's or a delete's statements). */
const documentsOf = (command: Record<string, unknown> | undefined): number => {
  for (const field of ['documents', 'updates', 'deletes']) {
    const list = command?.[field];
    if (Array.isArray(list)) return list.length;
  }
  return 0;
};

/**
 * Counts the commands sent, by command and collection, with their total time and the documents writes carry; printed
 * every `everyMs` (STORE_COMMAND_PROFILE) as `store-profile <count> <ms>ms <documents>docs <command> <collection>`.
 */
function profileCommands(client: ReturnType<MonitoredConnection['getClient']>, everyMs: number): void {
  const started = new Map<number, { key: string; docs: number }>();
  let counts = new Map<string, { count: number; ms: number; docs: number }>();
  client.on('commandStarted', (event) => {
    const target = event.command?.[event.commandName];
    started.set(event.requestId, { key: `${event.commandName} ${typeof target === 'string' ? target : ''}`.trim(), docs: documentsOf(event.command) });
  });
  const done = (event: CommandEvent) => {
    const sent = started.get(event.requestId);
    started.delete(event.requestId);
    if (!sent) return;
    const entry = counts.get(sent.key) ?? { count: 0, ms: 0, docs: 0 };
    entry.count += 1;
    entry.ms += event.duration ?? 0;
    entry.docs += sent.docs;
    counts.set(sent.key, entry);
  };
  client.on('commandSucceeded', done);
  client.on('commandFailed', done);
  setInterval(() => {
    const lines = [...counts].sort(([, a], [, b]) => b.count - a.count).map(([key, { count, ms, docs }]) => `store-profile ${count} ${ms.toFixed(0)}ms ${docs}docs ${key}`);
    counts = new Map();
    if (lines.length > 0) process.stderr.write(`${lines.join('\n')}\nstore-profile end\n`);
  }, everyMs).unref();
}
