/** Injection token of the ServiceEnv the API was started with. */
export const SERVICE_ENV = Symbol('SERVICE_ENV');
