export { LoginPage } from './LoginPage';
export { UpdatePasswordPage } from './UpdatePasswordPage';
