/** Injection token of the ServiceEnv the workers were started with. */
export const SERVICE_ENV = Symbol('SERVICE_ENV');
