export { FeedLinks } from './components/FeedLinks';
export { ReadingFeed } from './components/ReadingFeed';
export { latestFeedLinks, storyFeedLinks, useFeedLinks } from './feed-links';
