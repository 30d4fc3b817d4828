import type { IncomingMessage } from 'node:http';
import { nameRoute } from '../../../platform/http/answered-route';
import { methodLabel, routeLabel } from './route-label';

const request = (fields: { method?: string; url: string; originalUrl?: string; route?: { path: unknown }; baseUrl?: string }) => fields as unknown as IncomingMessage;

describe('routeLabel', () => {
  it('is the route pattern Express matched, never the URL', () => {
    expect(routeLabel(request({ method: 'GET', url: '/api/12-a-book', route: { path: '/api/:bookIdSlug' } }), 200)).toBe('/api/:bookIdSlug');
    expect(routeLabel(request({ method: 'GET', url: '/x', route: { path: '/x/:id' }, baseUrl: '/mounted' }), 200)).toBe('/mounted/x/:id');
  });

  it('is the route named by whoever answered outside the router (front door, mounted handlers)', () => {
    const req = request({ method: 'GET', url: '/api/searchbook?keyword=a' });
    nameRoute(req, '/api/searchbook');
    expect(routeLabel(req, 429)).toBe('/api/searchbook');
  });

  it('is one route for the whole queue dashboard, whatever the mount left in req.url', () => {
    expect(routeLabel(request({ method: 'GET', url: '/api/queues', originalUrl: '/admin/queues/api/queues?x=1' }), 200)).toBe('/admin/queues');
    expect(routeLabel(request({ method: 'GET', url: '/admin/queues' }), 401)).toBe('/admin/queues');
  });

  it('is `static` for the web app files and pages, `unmatched` for anything no route took', () => {
    expect(routeLabel(request({ method: 'GET', url: '/assets/index-abc.js' }), 200)).toBe('static');
    expect(routeLabel(request({ method: 'HEAD', url: '/book/12-a-book', route: { path: '{*any}' } }), 200)).toBe('static');
    expect(routeLabel(request({ method: 'GET', url: '/no/such/thing', route: { path: '{*any}' } }), 404)).toBe('unmatched');
    expect(routeLabel(request({ method: 'GET', url: '/api/no/such/thing' }), 404)).toBe('unmatched');
    expect(routeLabel(request({ method: 'POST', url: '/somewhere' }), 404)).toBe('unmatched');
    expect(routeLabel(request({ method: 'GET', url: '/x', route: { path: /regex/ } }), 404)).toBe('unmatched');
  });
});

describe('methodLabel', () => {
  it('keeps the usual methods and folds the rest into `other`', () => {
    expect(['GET', 'POST', 'DELETE'].map(methodLabel)).toEqual(['GET', 'POST', 'DELETE']);
    expect([undefined, 'PROPFIND', 'get'].map(methodLabel)).toEqual(['other', 'other', 'other']);
  });
});
