// Image variant addresses are shared with the server, which names the first cards' images in the
// /templates HTML (see templateCardImage).
export { variantSrcSet, variantUrl } from '@adtwin/shared';
