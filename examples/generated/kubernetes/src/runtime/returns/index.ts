// Public surface of result shaping: projection, denoising and the byte cap.
export { capResult, truncationNote, DEFAULT_MAX_RETURN_BYTES, type CapOptions } from "./cap.js";
export { denoise, isLinkNoise } from "./denoise.js";
export { projectResult, type ProjectionInput } from "./project.js";
export { asResultObject, defaultResult } from "./shape.js";
