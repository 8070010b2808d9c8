// Unknown API paths answer JSON, never the dapp's index.html, so a typo in a fetch fails loudly.
import type { RequestHandler } from "express";

export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ error: `Not found: ${req.method} ${req.originalUrl.split("?")[0]}` });
};
