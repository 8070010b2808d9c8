import { ExplorerLink } from "../../../components/explorer-link";

/** Where a value comes from: the words, and the page that publishes it when there is one. */
export function SourceText({ source, url }: { source: string; url: string | null }) {
  return (
    <>
      {source}
      {url ? (
        <>
          {" "}
          <ExplorerLink href={url} label={new URL(url).host} />
        </>
      ) : null}
    </>
  );
}
