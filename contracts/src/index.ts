export * from './config/service-env';
export * from './jobs/job-options';
export * from './jobs/queue-names';
export * from './jobs/mail-jobs';
export * from './api/book-list-item';
export * from './api/home-response';
