// The app's router: the part of react-router's API the app uses (routes matched in table order, links, navigation,
// the address's query), small enough that the home page's JavaScript stays within its budget.
export { useLocation, useNavigate, useParams, useSearchParams } from './hooks';
export { Link, Navigate } from './links';
export type { Location, To } from './location';
export { BrowserRouter, MemoryRouter, StaticRouter } from './routers';
export { Outlet, Route, Routes } from './routes';
