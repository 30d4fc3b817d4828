/** The like count text under a story's like button. */
export const likeCountText = (count: number): string =>
  count > 0 ? `${count} people like this story!` : 'Be the first to like this story!';
