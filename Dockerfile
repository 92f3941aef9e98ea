# Vellum on Node 24 (LTS: active until October 2026, maintained until April 2028), Debian bookworm.
# The build stage installs exactly the committed lockfile, compiles the server and the Studio and drops
# development dependencies; the runtime stage copies only what runs and runs it as the `node` user.
FROM node:24-bookworm-slim AS build
WORKDIR /app
# A toolchain for native modules whose prebuilt binary does not fit (better-sqlite3, argon2).
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# Which dependencies' install scripts run is package.json's `allowScripts` (better-sqlite3 and argon2 get
# their binaries in theirs); npm refuses `--allow-scripts` on a project's install.
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json nest-cli.json ormconfig.ts ./
COPY scripts ./scripts
COPY src ./src
COPY admin ./admin
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8055 DB_FILENAME=/app/data/vellum.db STORAGE_LOCAL_ROOT=/app/uploads
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/admin/dist ./admin/dist
# The code stays root's and read-only to the app; only its data and uploads are the node user's.
RUN mkdir -p /app/data /app/uploads && chown node:node /app/data /app/uploads
USER node
EXPOSE 8055
VOLUME ["/app/data", "/app/uploads"]
# Healthy once /server/health answers 200: the database reachable. Start-up may wait for the database.
HEALTHCHECK --interval=30s --timeout=5s --start-period=90s --retries=3 CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8055)+'/server/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"]
# The V8 flags of `npm start` (package.json): see the README, "Memory".
CMD ["node", "--max-semi-space-size=4", "--heap-growing-percent=200", "dist/src/main.js"]
