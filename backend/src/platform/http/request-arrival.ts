import type { NextFunction, Request, Response } from 'express';

const ARRIVAL = Symbol('arrival');

type Arrived = Request & { [ARRIVAL]?: number };

/** Express middleware, first of all: notes when the request arrived, so its deadline counts every step it takes. */
export function noteArrival(req: Request, _res: Response, next: NextFunction): void {
  (req as Arrived)[ARRIVAL] = performance.now();
  next();
}

/** When the request arrived (`performance.now()` time), or now if nothing noted it. */
export const arrivalOf = (req: Request): number => (req as Arrived)[ARRIVAL] ?? performance.now();
