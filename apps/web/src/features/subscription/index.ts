export { SubscriptionPage } from './SubscriptionPage';
export { TestCheckoutPage } from './TestCheckoutPage';
export { ManageSubscriptionPage } from './ManageSubscriptionPage';
