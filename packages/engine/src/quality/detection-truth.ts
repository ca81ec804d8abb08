import type { Box } from '../types.js';

/**
 * The catalogue's recorded product boxes (apps/server/catalogue/manifest.json) come from an edge
 * heuristic in build-catalogue.ts, not from a person. For the detection measure each recorded box
 * was looked at; where it was not the product's box (it held the desk around a tablet, the plinth
 * under a bonsai, the wine glass beside the bottle), the product's box was read off the photo on a
 * 100 px grid and is listed here, keyed by catalogue file. Ad variants of a photo share its box.
 * Boxes are in the template's pixels.
 */
export const REVIEWED_PRODUCT_BOXES: Record<string, Box> = {
  // The tablet, not the desk and the pencil.
  'business-kelly-sikkema-685291-unsplash.jpg': { x: 425, y: 278, width: 845, height: 617 },
  'business-tablet-for-business-ad.jpg': { x: 425, y: 278, width: 845, height: 617 },
  // The lens, not the sofa it lies on.
  'photography-brandi-redd-104140-unsplash.jpg': { x: 75, y: 60, width: 805, height: 695 },
  'photography-lens-launch-ad.jpg': { x: 75, y: 60, width: 805, height: 695 },
  // The camera with its wrist strap (the strap goes with the camera when it is replaced).
  'photography-patrick-brinksma-663044-unsplash.jpg': { x: 280, y: 230, width: 880, height: 770 },
  // The bonsai in its pot, without the wooden stand.
  'home-mark-tegethoff-667351-unsplash.jpg': { x: 505, y: 55, width: 805, height: 995 },
  // The sunglasses, not the face and hands.
  'fashion-summer.jpg': { x: 610, y: 95, width: 375, height: 155 },
  // The row of bottles, not the wall.
  'food-groceries.jpg': { x: 515, y: 225, width: 555, height: 165 },
  // The sofa, without the floor lamp and the side table.
  'home-nathan-fertig-249917-unsplash.jpg': { x: 205, y: 440, width: 1125, height: 540 },
  'home-sofa-comfort-ad.jpg': { x: 205, y: 440, width: 1125, height: 540 },
  // The bottle, not the glass beside it.
  'food-saleordemoproduct-wine-red.jpg': { x: 340, y: 80, width: 190, height: 830 },
  // The pair of gloves, not the planks around them.
  'health-neonbrand-428982-unsplash.jpg': { x: 310, y: 200, width: 980, height: 750 },
  'health-boxing-gloves-fitness-ad.jpg': { x: 310, y: 200, width: 980, height: 750 },
  // The aloe with its pot.
  'health-silvia-agrasar-227575-unsplash.jpg': { x: 370, y: 100, width: 1045, height: 963 },
  // The headphones with their cable, not the table.
  'music-music-technology-play-equipment-studio-gadget.jpg': {
    x: 130,
    y: 75,
    width: 630,
    height: 440,
  },
  // The whole armchair with its legs (the recorded box cuts its back, left arm and legs; read on a
  // 50 px grid, the photo being 510 px wide).
  'home-table-wood-chair-floor-living-room-furniture-vertical.jpg': {
    x: 50,
    y: 150,
    width: 460,
    height: 480,
  },
  // The typewriter, not the sofa behind it.
  'business-leather-guitar-typewriter-red-gadget-sofa.jpg': {
    x: 180,
    y: 155,
    width: 520,
    height: 285,
  },
};
