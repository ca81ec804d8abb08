import { PRODUCT_NAME } from '@adtwin/shared';

function greeting(name: string): string {
  return name ? `Hi ${name},` : 'Hi,';
}

export function verificationMail(options: { name: string; url: string }) {
  return {
    subject: `Verify your e-mail for ${PRODUCT_NAME}`,
    text: `${greeting(options.name)}

Welcome to ${PRODUCT_NAME}! Confirm your e-mail address by opening this link:

${options.url}

The link works for 24 hours. If you did not create an account, ignore this mail.`,
  };
}

export function resetPasswordMail(options: { name: string; url: string }) {
  return {
    subject: `Reset your ${PRODUCT_NAME} password`,
    text: `${greeting(options.name)}

Someone asked to reset the password of your ${PRODUCT_NAME} account. Choose a new one here:

${options.url}

The link works for one hour. If it was not you, ignore this mail: your password stays as it is.`,
  };
}
