import { Schema } from 'mongoose';

export const ACCOUNT_CLAIM_MODEL = 'AccountClaim';

export interface ClaimDocument {
  /** `email:{normalised address}` or `username:{lower-case name}`: the unique `_id` decides between two claimants. */
  _id: string;
  userId: string;
  claimedAt: Date;
  /** On a username hold made before holds were keyed (`username-held:{hash}`, see UsernameHolds): free from then on. */
  heldUntil?: Date;
}

export const accountClaimSchema = new Schema<ClaimDocument>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    claimedAt: { type: Date, required: true },
    heldUntil: { type: Date, required: false },
  },
  { collection: 'account_claims', versionKey: false },
);
