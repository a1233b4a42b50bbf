{{/*
Names and labels shared by the chart's objects.
*/}}

{{/* The chart's name, or nameOverride. */}}
{{- define "quire.name" -}}
{{- .Values.nameOverride | default .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/*
The objects' name: fullnameOverride, else RELEASE-NAME, or just RELEASE when the release's
name already holds the chart's. Kubernetes names are at most 63 characters.
*/}}
{{- define "quire.fullname" -}}
{{- $name := include "quire.name" . -}}
{{- $joined := ternary .Release.Name (printf "%s-%s" .Release.Name $name) (contains $name .Release.Name) -}}
{{- .Values.fullnameOverride | default $joined | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Labels of every object of the release. */}}
{{- define "quire.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
app.kubernetes.io/name: {{ include "quire.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end -}}

{{/* The labels that pick the serving pods (Deployment selector, Service). */}}
{{- define "quire.serve.selectorLabels" -}}
app.kubernetes.io/name: {{ include "quire.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/component: serve
{{- end -}}

{{/* The image, with the chart's appVersion as its default tag. */}}
{{- define "quire.image" -}}
{{- printf "%s:%s" .Values.image.repository (.Values.image.tag | default .Chart.AppVersion | toString) -}}
{{- end -}}


{{/* The admin API's objects: FULLNAME-api. */}}
{{- define "quire.api.fullname" -}}
{{- printf "%s-api" (include "quire.fullname" . | trunc 59 | trimSuffix "-") -}}
{{- end -}}

{{/* The worker's objects: FULLNAME-worker. */}}
{{- define "quire.worker.fullname" -}}
{{- printf "%s-worker" (include "quire.fullname" . | trunc 56 | trimSuffix "-") -}}
{{- end -}}

{{/* The labels that pick the API pods (Deployment selector, Service). */}}
{{- define "quire.api.selectorLabels" -}}
app.kubernetes.io/name: {{ include "quire.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/component: api
{{- end -}}

{{/* The labels that pick the worker pods. */}}
{{- define "quire.worker.selectorLabels" -}}
app.kubernetes.io/name: {{ include "quire.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/component: worker
{{- end -}}

{{/*
What the API and worker pods share, checked before anything is rendered: they share no disk,
so the database, the bundles and the secret key must live outside the pods.
*/}}
{{- define "quire.shared.check" -}}
{{- if and .Values.database.existingSecret .Values.database.url -}}
{{- fail "database: give existingSecret or url, not both" -}}
{{- end -}}
{{- if not (or .Values.database.existingSecret .Values.database.url) -}}
{{- fail "api.enabled and worker.enabled need a PostgreSQL database: set database.existingSecret (a Secret whose key database.key holds postgres://USER:PASSWORD@HOST:5432/DB) or database.url. The embedded SQLite database is a file in one pod's /data: several pods cannot share it, and it is lost with the pod" -}}
{{- end -}}
{{- if .Values.database.url -}}
{{- if not (or (hasPrefix "postgres://" (lower .Values.database.url)) (hasPrefix "postgresql://" (lower .Values.database.url))) -}}
{{- fail "database.url must be a postgres:// URL: an SQLite file lives in one pod's /data, so several pods cannot share it, and it is lost with the pod" -}}
{{- end -}}
{{- end -}}
{{- if not (hasPrefix "s3://" (lower .Values.storage.url)) -}}
{{- fail "api.enabled and worker.enabled need storage.url, an s3://BUCKET/PREFIX?region=... URL: a bundle one pod stores is fetched through any other, so it cannot stay in a pod's /data" -}}
{{- end -}}
{{- if not .Values.secretKey.existingSecret -}}
{{- fail "api.enabled and worker.enabled need secretKey.existingSecret, a Secret with QUIRE_SECRET_KEY: every API and worker pod must seal forge tokens and sign links with the same key, and a pod without one makes its own" -}}
{{- end -}}
{{- end -}}

{{/*
The environment the API and worker pods share: the data dir, the database, the storage, the
secret key and the agent model (its API key is added by the pods that run agent jobs).
*/}}
{{- define "quire.shared.env" -}}
{{- /* An emptyDir. A variable rather than a flag: `kubectl exec ... quire orgs create` reads it too. */ -}}
- name: QUIRE_DATA_DIR
  value: /data
- name: QUIRE_DATABASE_URL
{{- if .Values.database.existingSecret }}
  valueFrom:
    secretKeyRef:
      name: {{ .Values.database.existingSecret | quote }}
      key: {{ .Values.database.key | quote }}
{{- else }}
  value: {{ .Values.database.url | quote }}
{{- end }}
- name: QUIRE_DATABASE_POOL_SIZE
  value: {{ .Values.database.poolSize | quote }}
- name: QUIRE_STORAGE_URL
  value: {{ .Values.storage.url | quote }}
{{- if .Values.storage.existingSecret }}
- name: AWS_ACCESS_KEY_ID
  valueFrom:
    secretKeyRef:
      name: {{ .Values.storage.existingSecret | quote }}
      key: {{ .Values.storage.accessKeyIdKey | quote }}
- name: AWS_SECRET_ACCESS_KEY
  valueFrom:
    secretKeyRef:
      name: {{ .Values.storage.existingSecret | quote }}
      key: {{ .Values.storage.secretAccessKeyKey | quote }}
{{- end }}
- name: QUIRE_SECRET_KEY
  valueFrom:
    secretKeyRef:
      name: {{ .Values.secretKey.existingSecret | quote }}
      key: {{ .Values.secretKey.key | quote }}
{{- with .Values.agent.provider }}
- name: QUIRE_AGENT_PROVIDER
  value: {{ . | quote }}
{{- end }}
{{- with .Values.agent.model }}
- name: QUIRE_AGENT_MODEL
  value: {{ . | quote }}
{{- end }}
{{- with .Values.agent.baseUrl }}
- name: QUIRE_AGENT_BASE_URL
  value: {{ . | quote }}
{{- end }}
{{- end -}}

{{/* QUIRE_AGENT_API_KEY from agent.existingSecret, for the pods that run agent jobs. */}}
{{- define "quire.agentKey.env" -}}
- name: QUIRE_AGENT_API_KEY
  valueFrom:
    secretKeyRef:
      name: {{ .Values.agent.existingSecret | quote }}
      key: {{ .Values.agent.key | quote }}
{{- end -}}
