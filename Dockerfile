# Rail Madad, one server node: the web app and the server built to JavaScript, run by node alone.
# docker build -t railmadad . ; see compose.yaml and docs/deploy.md for several nodes behind nginx.
# The workspaces' package files alone, so installing is redone only when they change.
FROM node:20-bookworm-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY contract/package.json contract/
COPY server/package.json server/
COPY web/package.json web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY --from=manifests /app ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Only the server's own packages, without development tools.
FROM node:20-bookworm-slim AS packages
WORKDIR /app
COPY --from=manifests /app ./
RUN npm ci --omit=dev -w server --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
WORKDIR /app
COPY --from=packages /app/node_modules node_modules
COPY --from=packages /app/package.json package.json
COPY --from=build /app/server/package.json server/package.json
COPY --from=build /app/server/dist server/dist
# The data the server reads beside its code: migrations, message texts, classifier corpus, assistant, solutions.
COPY --from=build /app/server/drizzle server/drizzle
COPY --from=build /app/server/locales server/locales
COPY --from=build /app/server/classifier server/classifier
COPY --from=build /app/server/assistant server/assistant
COPY --from=build /app/server/solutions server/solutions
COPY --from=build /app/web/dist web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=4s --start-period=120s \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--enable-source-maps", "server/dist/main.js"]
