// A Content-Type value → whether it names XML (kept apart from the XML reader, which loads its parser lazily).
const XML_TYPE = /^(?:application|text)\/(?:[\w.+-]+\+)?xml\b|\+xml\b/i;

/** Whether a Content-Type value names XML (`text/xml`, `application/xml`, `…+xml`). */
export const isXmlMedia = (contentType: string): boolean => XML_TYPE.test(contentType);
