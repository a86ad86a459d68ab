-- CreateTable
CREATE TABLE "UserGroup" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "name" TEXT NOT NULL,
    "type" INTEGER NOT NULL DEFAULT 0,
    "staff" BOOLEAN NOT NULL DEFAULT true,
    "forceLogout" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "UserGroup_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UserGroupMember" (
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "groupId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,

    CONSTRAINT "UserGroupMember_pkey" PRIMARY KEY ("groupId","userId")
);

-- CreateTable
CREATE TABLE "Module" (
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "nameEN" TEXT NOT NULL,
    "desc" TEXT,
    "descEN" TEXT,
    "icon" TEXT,
    "parentId" TEXT,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "hidden" BOOLEAN NOT NULL DEFAULT false,
    "ai" BOOLEAN NOT NULL DEFAULT false,
    "setupMsg" TEXT,

    CONSTRAINT "Module_pkey" PRIMARY KEY ("tenantId","id")
);

-- CreateTable
CREATE TABLE "ModuleAccess" (
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "groupId" INTEGER NOT NULL,
    "moduleId" TEXT NOT NULL,
    "canRead" BOOLEAN NOT NULL DEFAULT true,
    "canWrite" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "ModuleAccess_pkey" PRIMARY KEY ("groupId","moduleId")
);

-- CreateTable
CREATE TABLE "Account" (
    "id" SERIAL NOT NULL,
    "email" TEXT NOT NULL,
    "phone" TEXT,
    "passwordHash" TEXT NOT NULL,
    "lastTenantId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Account_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "User" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "accountId" INTEGER,
    "type" INTEGER NOT NULL DEFAULT 4,
    "roleCode" INTEGER NOT NULL DEFAULT 0,
    "tag" TEXT,
    "name" TEXT NOT NULL,
    "last" TEXT,
    "last2" TEXT,
    "mail" TEXT,
    "cel" TEXT,
    "gender" TEXT,
    "doc" TEXT,
    "notifModes" TEXT,
    "externalId" TEXT,
    "userKind" INTEGER,
    "inactive" BOOLEAN NOT NULL DEFAULT false,
    "face" TEXT,
    "sign" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LoginThrottle" (
    "key" TEXT NOT NULL,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "lockedUntil" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "LoginThrottle_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "Tenant" (
    "id" SERIAL NOT NULL,
    "title" TEXT NOT NULL,
    "alias" TEXT NOT NULL,
    "logo" TEXT,
    "themeColor" TEXT NOT NULL DEFAULT 'light.blue',
    "url" TEXT,
    "defaultLocale" TEXT NOT NULL DEFAULT 'es',
    "plan" TEXT NOT NULL DEFAULT 'Starter',
    "email" TEXT,
    "tel" TEXT,
    "cel" TEXT,
    "domain" TEXT,
    "settings" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Tenant_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "UserGroup_tenantId_name_key" ON "UserGroup"("tenantId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "UserGroup_tenantId_id_key" ON "UserGroup"("tenantId", "id");

-- CreateIndex
CREATE INDEX "UserGroupMember_tenantId_userId_idx" ON "UserGroupMember"("tenantId", "userId");

-- CreateIndex
CREATE INDEX "Module_tenantId_parentId_sort_idx" ON "Module"("tenantId", "parentId", "sort");

-- CreateIndex
CREATE INDEX "ModuleAccess_tenantId_moduleId_idx" ON "ModuleAccess"("tenantId", "moduleId");

-- CreateIndex
CREATE UNIQUE INDEX "Account_email_key" ON "Account"("email");

-- CreateIndex
CREATE UNIQUE INDEX "Account_phone_key" ON "Account"("phone");

-- CreateIndex
CREATE INDEX "User_tenantId_type_last_idx" ON "User"("tenantId", "type", "last");

-- CreateIndex
CREATE INDEX "User_accountId_idx" ON "User"("accountId");

-- CreateIndex
CREATE UNIQUE INDEX "User_tenantId_id_key" ON "User"("tenantId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "User_tenantId_accountId_key" ON "User"("tenantId", "accountId");

-- CreateIndex
CREATE UNIQUE INDEX "Tenant_alias_key" ON "Tenant"("alias");

-- AddForeignKey
ALTER TABLE "UserGroup" ADD CONSTRAINT "UserGroup_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserGroupMember" ADD CONSTRAINT "UserGroupMember_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserGroupMember" ADD CONSTRAINT "UserGroupMember_tenantId_groupId_fkey" FOREIGN KEY ("tenantId", "groupId") REFERENCES "UserGroup"("tenantId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserGroupMember" ADD CONSTRAINT "UserGroupMember_tenantId_userId_fkey" FOREIGN KEY ("tenantId", "userId") REFERENCES "User"("tenantId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Module" ADD CONSTRAINT "Module_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Module" ADD CONSTRAINT "Module_tenantId_parentId_fkey" FOREIGN KEY ("tenantId", "parentId") REFERENCES "Module"("tenantId", "id") ON DELETE NO ACTION ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "ModuleAccess" ADD CONSTRAINT "ModuleAccess_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ModuleAccess" ADD CONSTRAINT "ModuleAccess_tenantId_groupId_fkey" FOREIGN KEY ("tenantId", "groupId") REFERENCES "UserGroup"("tenantId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ModuleAccess" ADD CONSTRAINT "ModuleAccess_tenantId_moduleId_fkey" FOREIGN KEY ("tenantId", "moduleId") REFERENCES "Module"("tenantId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE SET NULL ON UPDATE CASCADE;
