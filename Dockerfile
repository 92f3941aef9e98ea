# Vellum on Node 20 (Debian). Build stage compiles TypeScript and native modules; runtime stage keeps
# production dependencies only.
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json* ./
RUN npm install --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json nest-cli.json ormconfig.ts ./
COPY src ./src
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8055 DB_FILENAME=/app/data/vellum.db STORAGE_LOCAL_ROOT=/app/uploads
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
RUN mkdir -p /app/data /app/uploads && chown -R node:node /app
USER node
EXPOSE 8055
VOLUME ["/app/data", "/app/uploads"]
HEALTHCHECK --interval=30s --timeout=5s --retries=3 CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8055)+'/server/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# The V8 flags of `npm start` (package.json): see the README, "Memory".
CMD ["node", "--max-semi-space-size=4", "--heap-growing-percent=200", "dist/src/main.js"]
