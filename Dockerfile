# Production images of the API, the workers and the web app (see docker-compose.yml).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY search-index/package.json search-index/
COPY server-config/package.json server-config/
COPY read-model-formats/package.json read-model-formats/
COPY event-log/package.json event-log/
COPY backend/package.json backend/
COPY workers/package.json workers/
COPY web/package.json web/
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim AS server
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/contracts/package.json contracts/
COPY --from=build /app/contracts/dist contracts/dist
COPY --from=build /app/search-index/package.json search-index/
COPY --from=build /app/search-index/dist search-index/dist
COPY --from=build /app/server-config/package.json server-config/
COPY --from=build /app/server-config/dist server-config/dist
COPY --from=build /app/read-model-formats/package.json read-model-formats/
COPY --from=build /app/read-model-formats/dist read-model-formats/dist
COPY --from=build /app/event-log/package.json event-log/
COPY --from=build /app/event-log/dist event-log/dist
USER node

FROM server AS api
COPY --from=build /app/backend/package.json backend/
COPY --from=build /app/backend/dist backend/dist
# The web app's build, whose pages the API renders (web/dist-server) into its index.html.
COPY --from=build /app/web/dist web/dist
COPY --from=build /app/web/dist-server web/dist-server
ENV HOST=0.0.0.0 PORT=8080
EXPOSE 8080
# The erasure ledger's volume (docker-compose.yml): a new volume takes this folder's owner, the user the API runs as.
USER root
RUN mkdir -p /var/lib/shelf-ledger && chown node:node /var/lib/shelf-ledger
USER node
CMD ["node", "backend/dist/main.js"]

FROM server AS workers
COPY --from=build /app/workers/package.json workers/
COPY --from=build /app/workers/dist workers/dist
CMD ["node", "workers/dist/main.js"]

FROM nginx:1.27-alpine AS web
COPY web/nginx.conf /etc/nginx/conf.d/default.conf
COPY web/nginx-security-headers.conf /etc/nginx/security-headers.conf
COPY --from=build /app/web/dist /usr/share/nginx/html
