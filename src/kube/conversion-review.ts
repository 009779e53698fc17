/** apiextensions.k8s.io/v1 ConversionReview as the API server sends it to a conversion webhook's /convert and reads the answer. */
export interface ConversionRequest {
  uid: string;
  desiredAPIVersion: string;
  objects: Record<string, unknown>[];
}

export interface ConversionResponse {
  uid: string;
  convertedObjects: Record<string, unknown>[] | null;
  result: { metadata: Record<string, never>; status: 'Success' | 'Failure'; message?: string };
}

export interface ConversionReview {
  apiVersion: string;
  kind: 'ConversionReview';
  request?: ConversionRequest;
  response?: ConversionResponse;
}
