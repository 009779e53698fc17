export { fuzzConversion, type ConversionLoss, type FuzzConversionOptions, type FuzzConversionResult, type SpokeConversion } from './fuzz-conversion.js';
