/** Why Node.js `found` does not satisfy `range` (">=X.Y.Z"), or undefined when it does or the range is not of that form. */
export function unsupportedNode(found: string, range: string | undefined): string | undefined;
