// One attempt at a time per key, shared by every caller, and forgotten when it fails so the next caller
// tries again (faucet funding of an account: slow, needed once, worth retrying).
export class OncePerKey<K> {
  private readonly running = new Map<K, Promise<void>>();

  run(key: K, attempt: () => Promise<void>): Promise<void> {
    let done = this.running.get(key);
    if (!done) {
      done = attempt().catch((err: unknown) => {
        this.running.delete(key);
        throw err;
      });
      this.running.set(key, done);
    }
    return done;
  }
}
