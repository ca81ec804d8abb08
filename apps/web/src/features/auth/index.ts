export { LoginPage, redirectAfterSignIn } from './LoginPage';
export { UpdatePasswordPage } from './UpdatePasswordPage';
