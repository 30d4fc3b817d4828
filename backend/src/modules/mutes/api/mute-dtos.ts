import { MUTE_RELATIONS, type MuteRelation, MuteText } from '@shelf/contracts';
import { IsIn, IsUUID } from 'class-validator';

/** Who to mute or block (PUT's body), or to unmute or unblock (DELETE's query). */
export class MuteInput {
  @IsUUID('all', { message: MuteText.badReaderId })
  user_id!: string;

  @IsIn(MUTE_RELATIONS, { message: MuteText.badRelation })
  relation!: MuteRelation;
}
