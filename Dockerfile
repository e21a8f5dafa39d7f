# One image for the API (serving the built web) and the bot; docker-compose.yml picks the command.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY api/package.json api/
COPY web/package.json web/
COPY bot/package.json bot/
COPY tests/package.json tests/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app /app
USER node
EXPOSE 3000 3001
# Not through npm: npm, as pid 1, would pass docker stop's SIGTERM to nobody (docs/operations.md).
CMD ["node", "scripts/start.mjs"]
