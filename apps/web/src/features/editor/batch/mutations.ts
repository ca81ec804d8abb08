import { useStartGeneration } from '@/features/generation';
import { startBatch } from './api';

/** Starts one generation per ticked template, as every start does (credits read again). */
export const useStartBatch = () => useStartGeneration(startBatch);
