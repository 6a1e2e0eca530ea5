/**
 * What video players make of a VAST document: it is fetched and parsed by
 * @dailymotion/vast-client (the library many web players use, the same fetch-and-parse path
 * they take), and validated by xmllint (libxml2 in WebAssembly) against the IAB Tech Lab's
 * XSD of its version (fixtures/vast/README.md says where the XSDs come from).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { VASTClient } from '@dailymotion/vast-client';
import { validateXML } from 'xmllint-wasm';

/** Where the IAB XSDs are: VAST_XSD_DIR, else fixtures/vast beside this file. */
export const VAST_XSD_DIR =
  process.env.VAST_XSD_DIR ?? fileURLToPath(new URL('./fixtures/vast/', import.meta.url));

/** The IAB schema of each VAST version we write or pass on. */
const XSD_OF_VERSION: Readonly<Record<string, string>> = {
  '2.0': 'vast_2.0.1.xsd',
  '3.0': 'vast3_draft.xsd',
  '4.0': 'vast4.xsd',
  '4.1': 'vast_4.1.xsd',
  '4.2': 'vast_4.2.xsd',
};

/** Whether every XSD is at hand (the schema checks are skipped without them, outside CI). */
export const VAST_XSDS_PRESENT = Object.values(XSD_OF_VERSION).every((file) =>
  existsSync(join(VAST_XSD_DIR, file)),
);

/** The version a VAST document states on its root. */
export function vastVersionOf(xml: string): string | undefined {
  return /<VAST\b[^>]*\sversion="([^"]+)"/.exec(xml)?.[1];
}

/** The schema errors of a VAST document against its version's IAB XSD; [] when valid. */
export async function vastSchemaIssues(xml: string): Promise<string[]> {
  const version = vastVersionOf(xml) ?? '';
  const file = XSD_OF_VERSION[version];
  if (!file) return [`no IAB XSD for VAST version "${version}"`];
  const result = await validateXML({
    xml: [{ fileName: 'answer.xml', contents: xml }],
    schema: [readFileSync(join(VAST_XSD_DIR, file), 'utf8')],
  });
  return result.valid ? [] : result.errors.map((error) => error.rawMessage);
}

/** What a player reads of a linear ad (the parts of vast-client's model we look at). */
export interface PlayedAd {
  adServingId: string | null;
  impressionUrls: string[];
  creatives: {
    type: string;
    duration: number;
    universalAdIds: { idRegistry: string; value: string }[];
    clickThrough: string | null;
    mediaFiles: { fileURL: string; mimeType: string; width: number; height: number }[];
  }[];
}

interface VastClientAd {
  adServingId?: string | null;
  impressionURLTemplates: { url: string }[];
  creatives: {
    type: string;
    duration?: number;
    universalAdIds?: { idRegistry: string; value: string }[];
    videoClickThroughURLTemplate?: { url: string } | null;
    mediaFiles?: { fileURL: string; mimeType: string; width: number; height: number }[];
  }[];
}

/**
 * The ads a player gets from a VAST document, through vast-client's own fetch and parse
 * (the document handed over as a data: URL). Rejects as the player would fail.
 */
export async function playedAds(xml: string): Promise<PlayedAd[]> {
  const url = `data:text/xml;base64,${Buffer.from(xml, 'utf8').toString('base64')}`;
  const response = (await new VASTClient().get(url, { resolveAll: true })) as {
    ads: VastClientAd[];
  };
  return response.ads.map((ad) => ({
    adServingId: ad.adServingId ?? null,
    impressionUrls: ad.impressionURLTemplates.map((template) => template.url),
    creatives: ad.creatives.map((creative) => ({
      type: creative.type,
      duration: creative.duration ?? 0,
      universalAdIds: creative.universalAdIds ?? [],
      clickThrough: creative.videoClickThroughURLTemplate?.url ?? null,
      mediaFiles: creative.mediaFiles ?? [],
    })),
  }));
}
