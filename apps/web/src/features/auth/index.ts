// The router imports each auth page's own module (LoginPage, UpdatePasswordPage), so each page is
// its own chunk; this index serves the rest of the app.
export { LoginPage } from './LoginPage';
