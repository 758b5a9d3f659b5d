/**
 * Opens after `failureThreshold` consecutive failures and refuses calls for `cooldownMs`; then
 * lets one trial call through (half-open) and closes again on success.
 */
export class CircuitBreaker {
  private failures = 0;
  private openedAt: number | null = null;
  private trialInFlight = false;

  constructor(
    private readonly failureThreshold: number,
    private readonly cooldownMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether a call may go ahead now; in half-open state only one trial at a time. */
  allow(): boolean {
    if (this.openedAt === null) return true;
    if (this.now() - this.openedAt < this.cooldownMs || this.trialInFlight) return false;
    this.trialInFlight = true;
    return true;
  }

  success(): void {
    this.failures = 0;
    this.openedAt = null;
    this.trialInFlight = false;
  }

  failure(): void {
    this.failures++;
    this.trialInFlight = false;
    if (this.failures >= this.failureThreshold) this.openedAt = this.now();
  }

  get isOpen(): boolean {
    return this.openedAt !== null && this.now() - this.openedAt < this.cooldownMs;
  }
}
