/** The like count text (spec section 9). */
export const likeCountText = (count: number): string =>
  count > 0 ? `${count} people like this story!` : 'Be the first to like this story!';
