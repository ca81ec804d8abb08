import { useEffect } from 'react';
import { PRODUCT_NAME } from '@adtwin/shared';

/** Sets "Adtwin | {title}" while the page is shown, and puts the previous title back after. */
export function usePageTitle(title = 'Dashboard') {
  useEffect(() => {
    const previous = document.title;
    document.title = `${PRODUCT_NAME} | ${title}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
