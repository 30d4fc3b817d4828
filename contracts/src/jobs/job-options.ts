/**
 * The part of BullMQ's job options the contracts set. Declared here so `contracts` needs no BullMQ dependency;
 * it is assignable to BullMQ's own JobsOptions.
 */
export interface JobsOptions {
  attempts?: number;
  backoff?: { type: 'exponential' | 'fixed'; delay: number };
  removeOnComplete?: boolean | number | { age: number; count?: number };
  removeOnFail?: boolean | number | { age: number; count?: number };
}
